export * from './auth.ts';
export * from './errors.ts';
export * from './paths.ts';
export * from './roles.ts';
