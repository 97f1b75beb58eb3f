export const loadUseCasesPage = () => import('./use-cases-page');
export const loadUseCaseWizardPage = () => import('./use-case-wizard-page');
export const loadUseCaseEditorPage = () => import('./use-case-editor-page');
