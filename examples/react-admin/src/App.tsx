import { useEffect, useState } from 'react';
import { Navigate, NavLink, Route, Routes, useParams } from 'react-router';
import type { PanelTheme } from '@inkwell/billing-host-sdk/react';
import type { AdminSession } from './adminApi';
import { BILLING_PATH, BillingScreen } from './BillingScreen';

/** The platform's admin: its own screens, and billing among its settings. */
export function App({ session }: { session: AdminSession }) {
  const [theme, setTheme] = useState<PanelTheme>('light');
  // The site the admin shows: its switcher changes it in place, and billing follows it (one panel per site).
  const [siteId, setSiteId] = useState(session.sites[0]!.id);
  const site = session.sites.find((candidate) => candidate.id === siteId) ?? session.sites[0]!;

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  return (
    <div className="admin">
      <header className="admin-header">
        <strong>Acme Publishing · {site.name}</strong>
        {session.sites.length > 1 && (
          <label>
            Site{' '}
            <select value={site.id} onChange={(event) => setSiteId(event.target.value)}>
              {session.sites.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <nav aria-label="Admin">
          <NavLink to="/posts">Posts</NavLink>
          <NavLink to={BILLING_PATH}>Billing</NavLink>
        </nav>
        <label>
          <input
            type="checkbox"
            checked={theme === 'dark'}
            onChange={(event) => setTheme(event.target.checked ? 'dark' : 'light')}
          />
          Dark admin
        </label>
        <span>{site.user.name}</span>
      </header>
      <main>
        <Routes>
          <Route path="/" element={<Navigate to={BILLING_PATH} replace />} />
          <Route path="/posts" element={<h1>Posts</h1>} />
          <Route
            path={`${BILLING_PATH}/*`}
            element={<BillingScreen panelUrl={session.panelUrl} site={site} theme={theme} />}
          />
          <Route path="/admin/:screen" element={<AdminScreen />} />
        </Routes>
      </main>
    </div>
  );
}

/** The admin's other screens the panel may send the owner to (its navigateToAdmin). */
function AdminScreen() {
  const { screen } = useParams();
  return <h1>Admin: {screen}</h1>;
}
