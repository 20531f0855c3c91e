export * from './screen-layout.styles';
export { ScreenIntro } from './screen-intro';
