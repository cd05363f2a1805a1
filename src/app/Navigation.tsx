import { Link, useLocation } from 'react-router-dom';

/** Billing is active whenever the path contains neither domain nor support (SPEC section 2, "Shell"). */
export function activeSection(pathname: string): 'billing' | 'domain' | 'support' {
  if (pathname.includes('domain')) return 'domain';
  if (pathname.includes('support')) return 'support';
  return 'billing';
}

const items = [
  { section: 'billing', to: '/', label: 'Billing' },
  { section: 'domain', to: '/domain', label: 'Domain' },
  { section: 'support', to: '/support', label: 'Support' },
] as const;

export function Navigation() {
  const active = activeSection(useLocation().pathname);
  return (
    <nav className="navigation" aria-label="Settings sections">
      <ul>
        {items.map(({ section, to, label }) => (
          <li key={section}>
            <Link
              to={to}
              className={section === active ? 'navigation__link navigation__link--active' : 'navigation__link'}
              aria-current={section === active ? 'page' : undefined}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
