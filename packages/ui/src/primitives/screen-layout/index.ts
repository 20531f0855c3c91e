export * from './screen-layout.styles';
