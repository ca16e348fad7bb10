/**
 * The block in the editor: a placeholder with the block's (translated) title; the page renders it on the server
 * (render.php), since every view needs a login link of its own.
 */
((blocks, blockEditor, element) => {
  blocks.registerBlockType('portal-embed/portal', {
    edit: () =>
      element.createElement(
        'div',
        blockEditor.useBlockProps({ className: 'portal-embed-placeholder' }),
        blocks.getBlockType('portal-embed/portal').title,
      ),
    save: () => null,
  });
})(window.wp.blocks, window.wp.blockEditor, window.wp.element);
