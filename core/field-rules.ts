/**
 * The field rules of the specification, shared by forms, actions and the database
 * boundary. Each validator returns the field's error message, or null when the value is valid.
 * No zod here: browser code imports this module directly and stays small.
 */
export type Validator = (value: string) => string | null;

export const messages = {
  email: "Please enter a valid email",
  emailOnAccountEdit: "Please enter a valid email address",
  password: "Please enter a valid password (at least 6 characters)",
  passwordShort: "Please enter a valid password",
  accessCode: "Please enter a valid access code",
  firstName: "Please enter a valid first name",
  lastName: "Please enter a valid last name",
  name: "Please enter a valid name",
  phone: "Please enter a valid phone number",
  address: "Please enter a valid address",
  city: "Please enter a valid city",
  state: 'Please enter a valid state abbreviation. E.g. "CA" not "California"',
  zip: "Please enter a valid zip code",
  twoFactorCode: "Please enter the 6-digit code from your authenticator app",
  backupCode: "Please enter one of your backup codes, for example abcde-12345",
} as const;

export const minPasswordLength = 6;
export const minAccessCodeLength = 6;

/** The 50 states, DC and the territories. */
export const usStateCodes = [
  "AL",
  "AK",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "MT",
  "NE",
  "NV",
  "NH",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
  "DC",
  "AS",
  "FM",
  "GU",
  "MH",
  "MP",
  "PW",
  "PR",
  "VI",
] as const;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const phonePattern = /^\+?1?[\s.-]?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4,6}$/;
const zipPattern = /^\d{5}(-\d{4})?$/;

const rule =
  (isValid: (trimmed: string) => boolean, message: string): Validator =>
  (value) =>
    isValid(value.trim()) ? null : message;

export const validators = {
  email: rule((v) => emailPattern.test(v), messages.email),
  emailOnAccountEdit: rule((v) => emailPattern.test(v), messages.emailOnAccountEdit),
  password: rule((v) => v.length >= minPasswordLength, messages.password),
  passwordShort: rule((v) => v.length >= minPasswordLength, messages.passwordShort),
  accessCode: rule((v) => v.length >= minAccessCodeLength, messages.accessCode),
  firstName: rule((v) => v.length >= 1, messages.firstName),
  lastName: rule((v) => v.length >= 1, messages.lastName),
  /** A full name: longer than 2 characters. */
  name: rule((v) => v.length > 2, messages.name),
  phone: rule((v) => phonePattern.test(v), messages.phone),
  /** A street line: longer than 4 characters. */
  address: rule((v) => v.length > 4, messages.address),
  city: rule((v) => v.length >= 2, messages.city),
  state: rule((v) => (usStateCodes as readonly string[]).includes(v.toUpperCase()), messages.state),
  zip: rule((v) => zipPattern.test(v), messages.zip),
  twoFactorCode: rule((v) => /^\d{6}$/.test(v.replace(/\s/g, "")), messages.twoFactorCode),
  /** Ten letters and digits, as `abcde-12345`; the dash and spaces may be left out. */
  backupCode: rule(
    (v) => /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(v.replace(/\s/g, "")),
    messages.backupCode,
  ),
} satisfies Record<string, Validator>;
