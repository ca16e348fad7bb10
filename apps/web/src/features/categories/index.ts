/** What other parts of the app use from the categories feature. */
export { useCategory } from './api/get-category';
export { CategoryNavigation } from './components/category-navigation';
export { QuickAccess } from './components/quick-access';
