<?php // phpcs:ignore WordPress.Files.FileName.NotHyphenatedLowercase -- the name register_block_type() looks for.
/**
 * The editor script's dependencies (as @wordpress/scripts would write them; the script needs no build).
 *
 * @package PortalEmbed
 */

return array(
	'dependencies' => array( 'wp-blocks', 'wp-block-editor', 'wp-element' ),
	'version'      => '1.0.0',
);
