/** The category form's 'Übergeordnete Kategorie' options: the shared tree select options. */
export { treeOptions as parentOptions } from '../../../lib/tree-transforms';
