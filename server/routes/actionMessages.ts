/** The dashboard's writes' refusals are worded beside their rules (billing/actionMessages.ts); the route tests read them here. */
export { actionMessages } from '../billing/actionMessages';
