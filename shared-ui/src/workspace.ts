/**
 * shared-ui/workspace: the components of the signed-in workspaces (tables, paging, dialogs,
 * drawers, tabs, stat cards, copy buttons). A separate shared entry so the sign-in pages, which
 * need none of them, do not download them: federation loads a shared entry whole.
 */
/// <reference path="./styled.d.ts" />
export { StatCard } from './components/StatCard/StatCard';
export type { StatCardProps, ChangeTone } from './components/StatCard/StatCard';
export { Table, actionsColumn, figureColumn } from './components/Table/Table';
export type { TableProps, TableColumn, TableSort, RowId } from './components/Table/Table';
export type { SortDirection, SortValue } from './components/Table/sort';
export { ReplyTable } from './components/Table/ReplyTable';
export type { ReplyTableProps, PagedQuery } from './components/Table/ReplyTable';
export { Pagination, ReplyPagination } from './components/Pagination/Pagination';
export type {
  PaginationProps,
  ReplyPaginationProps,
  PageMeta,
} from './components/Pagination/Pagination';
export { Modal } from './components/Modal/Modal';
export type { ModalProps, ModalSize } from './components/Modal/Modal';
export { Drawer } from './components/Drawer/Drawer';
export type { DrawerProps } from './components/Drawer/Drawer';
export { ConfirmDialog, useConfirm } from './components/ConfirmDialog/ConfirmDialog';
export type { ConfirmDialogProps, ConfirmOptions } from './components/ConfirmDialog/ConfirmDialog';
export { Tabs } from './components/Tabs/Tabs';
export type { TabsProps, TabItem } from './components/Tabs/Tabs';
export { PhoneSections } from './components/PhoneSections/PhoneSections';
export type { PhoneSection, PhoneSectionsProps } from './components/PhoneSections/PhoneSections';
export { CopyButton, COPIED_DURATION_MS } from './components/CopyButton/CopyButton';
export type { CopyButtonProps } from './components/CopyButton/CopyButton';
export { ContactForm, NOT_SENT_MESSAGE } from './components/Contact/ContactForm';
export { ContactSection } from './components/Contact/ContactSection';
export { SUPPORT_EMAIL, SUPPORT_PHONE } from './components/Contact/supportContacts';
export {
  PrototypeNotice,
  PreviewTitle,
  ExamplePrompts,
  ChatComposer,
} from './components/Prototype/Prototype';
export type { ExamplePromptsProps, ChatComposerProps } from './components/Prototype/Prototype';
export { emailsFromCsvFile, emailsFromCsvText } from './import/emailsCsv';
