export { AccountPage } from './account-page';
export { InformationPage } from './information-page';
export { SecurityPage } from './security-page';
export { loadSettingsTexts } from './texts';
