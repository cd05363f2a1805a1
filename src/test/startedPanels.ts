/**
 * The panels the tests open (openPanel.ts), stopped after every test by setup.ts. Apart from openPanel.ts, so the
 * set-up does not load the app and the demo's scenarios into test files that open no panel.
 */
const started: { cleanup(): void }[] = [];

/** Has `panel` stopped when the test ends. */
export function stopAfterTest(panel: { cleanup(): void }) {
  started.push(panel);
}

/** Stops every panel the test has opened so far (setup.ts, after each test; a test that opens a second one). */
export function stopPanels() {
  while (started.length > 0) started.pop()!.cleanup();
}
