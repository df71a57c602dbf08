export { EmployeesLayout } from './components/employees-layout.tsx';
export { AddEmployeesModal } from './pages/add-employees-modal.tsx';
export { CreateListModal } from './pages/create-list-modal.tsx';
export { EmployeeDetailPage } from './pages/employee-detail-page.tsx';
export { EmployeeListsPage } from './pages/employee-lists-page.tsx';
export { ImportEmployeesModal } from './pages/import-employees-modal.tsx';
export { ListDetailPage } from './pages/list-detail-page.tsx';
export { RenameListModal } from './pages/rename-list-modal.tsx';
