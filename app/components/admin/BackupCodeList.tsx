/** Backup codes as they are shown, once: at the enrolment and when new ones are made. */
export function BackupCodeList({ codes }: { codes: string[] }) {
  return (
    <ul
      aria-label="Backup codes"
      className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5"
    >
      {codes.map((code) => (
        <li key={code} className="rounded bg-white px-2 py-1 text-center">
          {code}
        </li>
      ))}
    </ul>
  );
}
