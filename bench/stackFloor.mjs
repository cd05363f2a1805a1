// The stack floor of `npm run bench`: the floor page's handshake and calls (bench/floor.html), then the design
// card's own stack showing the plan name, and nothing of the panel: a Redux Toolkit store with one RTK Query
// endpoint (its query reads the name the floor's calls got), react-redux's Provider, react-router-dom's router
// with one route, React rendering the name. The card's other libraries (Stripe's, Sentry) load later in the panel,
// off its first screen, so they are not here. This is the least a panel built as the design card asks can do:
// what it costs over the React floor is what the card's libraries cost a load.
// The bench bundles it with esbuild and serves it as the page of a demo of its own, as the React floor.
import { configureStore } from '@reduxjs/toolkit';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { createElement, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, Route, Routes } from 'react-router-dom';

const api = createApi({
  baseQuery: fakeBaseQuery(),
  endpoints: (build) => ({ planName: build.query({ queryFn: async () => ({ data: await window.floor.planName }) }) }),
});
const store = configureStore({
  reducer: { [api.reducerPath]: api.reducer },
  middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
});

function PlanName() {
  const { data } = api.usePlanNameQuery();
  useEffect(() => {
    if (data !== undefined) window.floor.ready();
  }, [data]);
  return data === undefined ? null : createElement('p', null, data);
}

const routes = createElement(Routes, null, createElement(Route, { path: '*', element: createElement(PlanName) }));
createRoot(document.getElementById('root')).render(
  createElement(Provider, { store }, createElement(BrowserRouter, null, routes)),
);
