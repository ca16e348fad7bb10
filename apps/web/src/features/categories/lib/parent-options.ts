/** The category form's 'Übergeordnete Kategorie' options: the shared tree select options. */
export { type TreeOption as ParentOption, treeOptions as parentOptions } from '../../../lib/tree-transforms';
