// The React floor of `npm run bench`: the floor page's handshake and calls (bench/floor.html), then React (the
// design card's framework, production build) rendering the plan name: no store, router, formatting or screen.
// It shows what the framework alone costs a cold load, measured beside the panel and the framework-free floor.
// The bench bundles it with esbuild and serves it as the page of a third demo.
import { createElement, useEffect } from 'react';
import { createRoot } from 'react-dom/client';

function PlanName({ name, onShown }) {
  useEffect(onShown, [onShown]);
  return createElement('p', null, name);
}

const root = createRoot(document.getElementById('root'));
window.floor.planName.then((name) => root.render(createElement(PlanName, { name, onShown: window.floor.ready })));
