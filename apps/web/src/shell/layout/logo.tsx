/** FAST's mark: a map pin holding a hazard diamond. Decorative: the title beside it names the app. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 40" width="32" height="40" aria-hidden="true" focusable="false">
      <path
        d="M16 1C7.7 1 1 7.6 1 15.8 1 26.6 16 39 16 39s15-12.4 15-23.2C31 7.6 24.3 1 16 1Z"
        fill="var(--ds-color-accent-base-default)"
      />
      <path d="m16 7 8.5 8.5L16 24l-8.5-8.5Z" fill="var(--ds-color-accent-base-contrast-default)" />
      <path d="M15 11h2v6h-2zm0 7.5h2v2h-2z" fill="var(--ds-color-accent-base-default)" />
    </svg>
  );
}
