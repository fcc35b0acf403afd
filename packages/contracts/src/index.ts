export * from './access.ts';
export * from './errors.ts';
export * from './geography.ts';
export * from './health.ts';
export * from './identity.ts';
export * from './limits.ts';
export * from './patterns.ts';
export * from './status-message.ts';
