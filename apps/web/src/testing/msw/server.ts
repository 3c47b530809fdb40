import { setupServer } from 'msw/node';

/**
 * The one network of the web unit tests. No default answers: each test declares the calls its screen makes
 * with `server.use(...)` and the per-feature handlers beside this file; any other request fails the test.
 */
export const server = setupServer();
