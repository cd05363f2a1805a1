/** The registrar widget's loader and its close message (SPEC 4 "Domain purchase"). */
import { REGISTRAR_CLOSE_EVENT, loadRegistrarWidget, nextRegistrarClose } from './registrar';

const URL = 'https://cdn.registrar.test/widget.js';
const scripts = () => [...document.head.querySelectorAll<HTMLScriptElement>(`script[src="${URL}"]`)];

afterEach(() => {
  delete window.entri;
  scripts().forEach((script) => script.remove());
});

it('loads the script once, on demand, and gives the widget it defines', async () => {
  const first = loadRegistrarWidget(URL);
  const second = loadRegistrarWidget(URL);
  expect(scripts()).toHaveLength(1);
  const widget = { showEntri: jest.fn() };
  window.entri = widget;
  scripts()[0]!.dispatchEvent(new Event('load'));
  await expect(first).resolves.toBe(widget);
  await expect(second).resolves.toBe(widget);
  await expect(loadRegistrarWidget(URL)).resolves.toBe(widget);
  expect(scripts()).toHaveLength(1);
});

it('forgets a failed load, so the next purchase tries again', async () => {
  const failed = loadRegistrarWidget(URL);
  scripts()[0]!.dispatchEvent(new Event('error'));
  await expect(failed).rejects.toThrow('failed to load');
  expect(scripts()).toHaveLength(0);
  const retry = loadRegistrarWidget(URL);
  expect(scripts()).toHaveLength(1);
  scripts()[0]!.dispatchEvent(new Event('load'));
  await expect(retry).rejects.toThrow('defined no widget');
});

it('gives the next close message, or null once aborted', async () => {
  const controller = new AbortController();
  const closed = nextRegistrarClose(controller.signal);
  const detail = {
    success: true,
    domain: 'bought.com',
    provider: null,
    setupType: null,
    lastStatus: null,
    freeDomain: false,
  };
  window.dispatchEvent(new CustomEvent(REGISTRAR_CLOSE_EVENT, { detail }));
  await expect(closed).resolves.toEqual(detail);
  const aborted = new AbortController();
  const waiting = nextRegistrarClose(aborted.signal);
  aborted.abort();
  await expect(waiting).resolves.toBeNull();
});
