import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router-dom';

/** Billing is active whenever the path contains neither domain nor support (SPEC section 2, "Shell"). */
export function activeSection(pathname: string): 'billing' | 'domain' | 'support' {
  if (pathname.includes('domain')) return 'domain';
  if (pathname.includes('support')) return 'support';
  return 'billing';
}

const items = [
  { section: 'billing', to: '/', label: msg`Billing` },
  { section: 'domain', to: '/domain', label: msg`Domain` },
  { section: 'support', to: '/support', label: msg`Support` },
] as const;

export function Navigation() {
  const active = activeSection(useLocation().pathname);
  const { t } = useLingui();
  return (
    <nav className="navigation" aria-label={t`Settings sections`}>
      <ul>
        {items.map(({ section, to, label }) => (
          <li key={section}>
            <Link
              to={to}
              className={section === active ? 'navigation__link navigation__link--active' : 'navigation__link'}
              aria-current={section === active ? 'page' : undefined}
            >
              {t(label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
