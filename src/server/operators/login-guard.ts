/** The console imports the guard's type from here; the guard is sign-in/login-guard.ts. */
export type { LoginGuard } from '../sign-in/login-guard.js';
