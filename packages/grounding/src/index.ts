export * from './config/grounding-config';
export * from './config/grounding-config-error';
export * from './config/parse-grounding-config';
export * from './plan/grounded-field';
export * from './plan/grounding-plan';
