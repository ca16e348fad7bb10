<?php
/**
 * Server-side render of the block "Mitgliederportal" (block.json "render"): the same as the shortcode [portal].
 *
 * @package PortalEmbed
 *
 * @var array $attributes The block's attributes.
 */

defined( 'ABSPATH' ) || exit;
?>
<div <?php echo get_block_wrapper_attributes(); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped by WordPress. ?>>
	<?php echo Portal_Embed_Renderer::render( (string) ( $attributes['title'] ?? '' ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built from escaped parts. ?>
</div>
