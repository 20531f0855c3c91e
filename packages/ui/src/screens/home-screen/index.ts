export { HomeScreen } from './home-screen';
export type { HomeScreenProps, HomeTab, LoginMethod } from './home-screen';
