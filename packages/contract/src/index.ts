export * from './auth.ts';
export * from './errors.ts';
export * from './form.ts';
export * from './paths.ts';
export * from './roles.ts';
