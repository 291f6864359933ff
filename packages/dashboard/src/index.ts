export { Authenticator, type AuthenticatorOptions, type Principal } from './auth/authenticator';
export { type BasicCredentials, basicCredentials } from './auth/basic-credentials';
export { CsrfSigner } from './auth/csrf-signer';
export { type DashboardRole, type DashboardUser, parseUsers, usersForm } from './auth/dashboard-user';
export {
  type LoginAttempt,
  type LoginLimits,
  LoginThrottle,
  type LoginThrottleOptions,
  loginLimits,
} from './auth/login-throttle';
export {
  hashPassword,
  parseStoredSecret,
  passwordHashForm,
  type StoredSecret,
  scryptDefaults,
  verifyPassword,
} from './auth/password-hash';
export { authProblems, LOOPBACK_HOST } from './auth-problems';
export { BOARD_LINKS, BOARD_PATH, boardsByRole, createBullBoards } from './bull-boards';
export { type CreateDashboardOptions, createDashboard, type Dashboard } from './create-dashboard';
export {
  assertSafeAuth,
  type DashboardAnthropicConfig,
  type DashboardConfig,
  DashboardEnv,
  dashboardVariables,
  loadDashboardConfig,
} from './dashboard-config';
export { dashboardDefaults } from './dashboard-defaults';
export {
  type CreateDashboardLoggerOptions,
  createDashboardLogger,
  DASHBOARD_SERVICE,
} from './dashboard-logger';
export { dlqDataPreview, PREVIEW_CHARS, type TextPreview, textPreview } from './dlq-data-preview';
export { escapeHtml, html, SafeHtml } from './html';
export { securityHeaders } from './security-headers';
export { type TrustProxy, trustProxyForm, trustProxyVar } from './trust-proxy';
