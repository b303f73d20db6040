/** Shown while a tab's information loads. */
export function AccountLoading() {
  return (
    <p role="status" className="flex items-center gap-3 py-10 text-ink/80">
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-olive-200 border-t-olive-800"
      />
      Loading your account information
    </p>
  );
}
