export { loadValidationTexts } from './texts';
export { ValidationPage } from './validation-page';
