/**
 * The browser tests' demo runs on its own ports, so a demo started by hand on 4000/4001 is left alone.
 * E2E_HOST_PORT moves them (the panel takes the next port), for two browser runs side by side.
 */
export const E2E_HOST_PORT = Number(process.env.E2E_HOST_PORT ?? 4100);
export const E2E_PANEL_PORT = E2E_HOST_PORT + 1;
