import { newShopper, type Shopper } from "./support/accounts";
import { expectNoAccessibilityViolations } from "./support/axe";
import { backOfficePage, startShopWithOwner, turnOnTwoFactor } from "./support/back-office";
import type { ShopServer } from "./support/shop-server";
import { type Browser, test as base, expect, type Page } from "./support/test";

/**
 * Each journey has a shop of its own (its owner enrols once), logging at `info`: without
 * SMTP_URL the shop writes each e-mail, with its links, to its log, where the invitee reads it.
 */
const test = base.extend<{ shop: ShopServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
  shop: async ({}, use) => {
    const shop = await startShopWithOwner({ LOG_LEVEL: "info" });
    await use(shop);
    await shop.stop();
  },
});

const invitationLinkPattern = /https?:\/\/[^\s"\]]+\/staff-invitation\/[\w-]{43}/;

/** The invitation link of the newest e-mail to `email` the shop's log shows so far, or "". */
function loggedInvitationLink(shop: ShopServer, email: string): string {
  const mailLines = shop
    .output()
    .split("\n")
    .filter((line) => line.includes(`"to":"${email}"`));
  return mailLines.at(-1)?.match(invitationLinkPattern)?.[0] ?? "";
}

/** The link of the invitation e-mail to `email`, once the outbox has delivered it. */
async function invitationLinkTo(shop: ShopServer, email: string): Promise<string> {
  await expect.poll(() => loggedInvitationLink(shop, email), { timeout: 20_000 }).not.toBe("");
  return loggedInvitationLink(shop, email);
}

async function invite(owner: Page, email: string) {
  await owner.getByLabel("E-mail address").fill(email);
  await owner.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(owner.getByText(`Invitation sent to ${email}`)).toBeVisible();
}

/**
 * The invitee opens the e-mailed link in a browser of their own, creates their account, turns
 * on two-factor sign-in and lands on the back office's home.
 */
async function joinThroughLink(browser: Browser, link: string, member: Shopper): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await expect(
    page.getByRole("heading", { name: "Create your account to join the staff" }),
  ).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(member.email);
  await expectNoAccessibilityViolations(page);
  await page.getByLabel("First name").fill(member.firstName);
  await page.getByLabel("Last name").fill(member.lastName);
  await page.getByLabel("Password").fill(member.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
  await turnOnTwoFactor(page, member);
  await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
  return page;
}

const backOfficeNav = (page: Page) => page.getByRole("navigation", { name: "Back office" });

test("the owner invites a member of staff, who joins and works the inbox until removed", async ({
  browser,
  shop,
}) => {
  // Two enrolments, an invitation delivered through the outbox and a removal.
  test.slow();
  const owner = await backOfficePage(browser, shop);
  await backOfficeNav(owner).getByRole("link", { name: "Staff" }).click();
  await expect(owner.getByRole("heading", { name: "Staff", level: 1 })).toBeVisible();
  await expect(owner.getByText("No staff yet")).toBeVisible();
  await expect(owner.getByText("No pending invitations")).toBeVisible();
  await expectNoAccessibilityViolations(owner);

  const member = newShopper("Joan");
  await invite(owner, member.email);
  const invitations = owner.getByRole("table", { name: "Pending invitations" });
  await expect(invitations.getByRole("cell", { name: member.email, exact: true })).toBeVisible();
  await owner.getByLabel("E-mail address").fill(member.email);
  await owner.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(owner.getByText(`${member.email} has a pending invitation already`)).toBeVisible();
  const mistaken = newShopper("Mistaken").email;
  await invite(owner, mistaken);
  await invitations.getByRole("button", { name: `Revoke the invitation of ${mistaken}` }).click();
  await expect(owner.getByText(`Invitation of ${mistaken} revoked`)).toBeVisible();
  await expect(invitations.getByRole("cell", { name: mistaken, exact: true })).toHaveCount(0);
  await expectNoAccessibilityViolations(owner);
  await owner.setViewportSize({ width: 390, height: 844 });
  await expectNoAccessibilityViolations(owner);

  const staff = await joinThroughLink(browser, await invitationLinkTo(shop, member.email), member);
  await expect(staff.getByText("Two-factor sign-in is on")).toBeVisible();

  await owner.reload();
  await expect(owner.getByText("No pending invitations")).toBeVisible();
  const members = owner.getByRole("table", { name: "Members of staff" });
  const row = members.getByRole("row").filter({ hasText: member.email });
  await expect(row.getByText("On", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: `Remove ${member.firstName} ${member.lastName}` }).click();
  await expect(owner.getByText(`${member.email} is no longer on the staff`)).toBeVisible();
  await expect(members.getByText(member.email)).toHaveCount(0);

  // Their sessions ended with the removal: the back office asks them to sign in.
  await staff.goto(`${shop.baseURL}/admin/orders`);
  await expect(staff).toHaveURL(`${shop.baseURL}/sign-in?redirectTo=%2Fadmin%2Forders`);
  await expect(staff.getByRole("heading", { name: "Orders" })).toHaveCount(0);
});

test("a staff member cannot invite staff, and chooses on their profile whether new orders are e-mailed to them", async ({
  browser,
  shop,
}) => {
  test.slow();
  const owner = await backOfficePage(browser, shop);
  await owner.goto(`${shop.baseURL}/admin/staff`);
  const member = newShopper("Clerk");
  await invite(owner, member.email);
  const staff = await joinThroughLink(browser, await invitationLinkTo(shop, member.email), member);

  await expect(backOfficeNav(staff).getByRole("link", { name: "Orders" })).toBeVisible();
  await expect(backOfficeNav(staff).getByRole("link", { name: "Staff" })).toHaveCount(0);
  await staff.goto(`${shop.baseURL}/admin/staff`);
  await expect(staff).toHaveURL(`${shop.baseURL}/`);
  await expect(staff.getByRole("heading", { name: "Staff", level: 1 })).toHaveCount(0);

  const friend = newShopper("Friend");
  const posted = await staff.request.post(`${shop.baseURL}/admin/staff`, {
    form: { intent: "invite", email: friend.email },
    headers: { Origin: shop.baseURL },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);
  expect(posted.headers().location).toBe("/");

  await owner.reload();
  const invitations = owner.getByRole("table", { name: "Pending invitations" });
  await expect(owner.getByText("No pending invitations")).toBeVisible();
  await expect(invitations).toHaveCount(0);
  await expect(owner.getByText(friend.email)).toHaveCount(0);

  await staff.goto(`${shop.baseURL}/admin/orders`);
  await backOfficeNav(staff).getByRole("link", { name: "Your profile" }).click();
  await expect(staff.getByRole("heading", { name: "Your profile", level: 1 })).toBeVisible();
  await expect(staff.getByText(member.email)).toBeVisible();
  const emails = staff.getByLabel("E-mail me each new paid order");
  await expect(emails).not.toBeChecked();
  await emails.check();
  await staff.getByRole("button", { name: "Save" }).click();
  await expect(staff.getByText("Each new paid order will be e-mailed to you")).toBeVisible();
  await expect(emails).toBeChecked();
  await expectNoAccessibilityViolations(staff);
  await staff.setViewportSize({ width: 390, height: 844 });
  await expectNoAccessibilityViolations(staff);
});
