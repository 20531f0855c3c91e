export * from './icons';
