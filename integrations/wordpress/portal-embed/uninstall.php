<?php
/**
 * Removes the plugin's settings (portal address, API key, mappings) when the plugin is deleted.
 *
 * @package PortalEmbed
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

delete_option( 'portal_embed_settings' );
