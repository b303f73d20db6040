import type { AcademyStudy } from "~core/academy";

/** The study a card cites, opening in a new tab; `sectionKey` names it in the engagement events. */
export function StudyLink({ study, sectionKey }: { study: AcademyStudy; sectionKey: string }) {
  return (
    <p className="mt-auto border-t border-olive-200 pt-4 text-sm">
      <span className="block text-xs font-semibold tracking-wider text-ink/70 uppercase">
        The study
      </span>
      <a
        href={study.url}
        target="_blank"
        rel="noopener noreferrer"
        data-track={`study_${sectionKey}`}
        className="inline-flex min-h-11 items-center gap-1.5 font-medium text-olive-900 underline decoration-gold-500 underline-offset-4 hover:text-olive-700"
      >
        {study.citation}
        <span className="sr-only"> (opens in a new tab)</span>
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5 shrink-0" fill="none">
          <path d="M6 3h7v7M13 3 4 12" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </a>
    </p>
  );
}
