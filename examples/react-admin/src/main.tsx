import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { loadAdminSession } from './adminApi';
import './admin.css';

// StrictMode mounts every component twice in development: the billing panel must come out of it mounted once.
const session = await loadAdminSession();
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <BrowserRouter>
      <App session={session} />
    </BrowserRouter>
  </StrictMode>,
);
