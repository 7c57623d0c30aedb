// The few icons the counter needs, inline so no asset request or font is involved.
// All are decorative (aria-hidden); the text next to them carries the meaning.

interface IconProps {
  className?: string;
}

export function BrandMark({ className }: IconProps) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="28" height="28" rx="7" fill="currentColor" />
      <path d="M16 7.5 24.5 16 16 24.5 7.5 16Z" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
    </svg>
  );
}

export function CheckIcon({ className }: IconProps) {
  return (
    <svg className={className} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22" fill="currentColor" />
      <path
        d="M13.5 24.5 20.5 31.5 35 17"
        fill="none"
        stroke="#fff"
        strokeWidth="4.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function ClockIcon({ className }: IconProps) {
  return (
    <svg className={className} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" strokeWidth="4" />
      <path d="M24 13v12l8 5" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

export function BackspaceIcon({ className }: IconProps) {
  return (
    <svg className={className} viewBox="0 0 32 24" aria-hidden="true" focusable="false">
      <path
        d="M10 2h18a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H10L2 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
      <path d="m15 8 8 8m0-8-8 8" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

export function CrossIcon({ className }: IconProps) {
  return (
    <svg className={className} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" strokeWidth="4" />
      <path d="m16.5 16.5 15 15m0-15-15 15" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

export function ErrorIcon({ className }: IconProps) {
  return (
    <svg className={className} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path d="M24 5 45 42H3Z" fill="none" stroke="currentColor" strokeWidth="4" strokeLinejoin="round" />
      <path d="M24 18v11" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      <circle cx="24" cy="35.5" r="2.6" fill="currentColor" />
    </svg>
  );
}
