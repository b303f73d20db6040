import { track } from "~/components/analytics/track";
import type { SocialProvider } from "~core/auth";

const labels: Record<SocialProvider, string> = { google: "Google", facebook: "Facebook" };

function ProviderIcon({ provider }: { provider: SocialProvider }) {
  if (provider === "google") {
    return (
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
        <path
          fill="#4285F4"
          d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8Z"
        />
        <path
          fill="#34A853"
          d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1-3.7 1-2.8 0-5.2-1.9-6.1-4.5H2.2v2.8A11 11 0 0 0 12 23Z"
        />
        <path fill="#FBBC05" d="M5.9 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.2a11 11 0 0 0 0 9.8l3.7-2.8Z" />
        <path
          fill="#EA4335"
          d="M12 5.4c1.6 0 3 .6 4.2 1.6l3.1-3.1A11 11 0 0 0 2.2 7.1l3.7 2.8C6.8 7.3 9.2 5.4 12 5.4Z"
        />
      </svg>
    );
  }
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path
        fill="#1877F2"
        d="M24 12a12 12 0 1 0-13.9 11.9v-8.4h-3V12h3V9.4c0-3 1.8-4.7 4.6-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12Z"
      />
    </svg>
  );
}

/** Google and Facebook sign-in, offered only for the providers whose keys are configured. */
export function SocialSignIn({
  providers,
  redirectTo,
}: {
  providers: readonly SocialProvider[];
  redirectTo: string;
}) {
  if (providers.length === 0) return null;
  return (
    <>
      <form method="post" action="/sign-in" className="grid gap-3">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {providers.map((provider) => (
          <button
            key={provider}
            type="submit"
            name="provider"
            value={provider}
            onClick={() => track({ name: "sign_in", label: provider })}
            className="btn-outline w-full border-olive-500 bg-white text-olive-950 hover:bg-olive-100"
          >
            <ProviderIcon provider={provider} />
            Continue with {labels[provider]}
          </button>
        ))}
      </form>
      <p className="flex items-center gap-3 text-xs font-semibold tracking-[0.2em] text-ink/70 uppercase before:h-px before:flex-1 before:bg-olive-200 after:h-px after:flex-1 after:bg-olive-200">
        or
      </p>
    </>
  );
}
