/** Ten header logo variants: one is picked at random once per page load (SPEC section 2, "Shell"). */
import { HEADER_LOGO_VARIANTS } from '../../core/rules/constants';

const hues = Array.from({ length: HEADER_LOGO_VARIANTS }, (_, index) =>
  Math.round((index * 360) / HEADER_LOGO_VARIANTS),
);

/** Takes the random source so tests can choose the variant. */
export function pickLogoVariant(random: () => number = Math.random): number {
  return Math.min(HEADER_LOGO_VARIANTS - 1, Math.floor(random() * HEADER_LOGO_VARIANTS));
}

export function Logo({ variant }: { variant: number }) {
  const hue = hues[variant] ?? 0;
  return (
    <svg
      className="logo"
      data-variant={variant}
      width="32"
      height="32"
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill={`hsl(${hue} 65% 42%)`} />
      <path d="M10 23 L16 9 L22 23" stroke="#fff" strokeWidth="2.5" fill="none" strokeLinejoin="round" />
      <circle cx="16" cy="19" r={1.5 + (variant % 3) * 0.5} fill="#fff" />
    </svg>
  );
}
