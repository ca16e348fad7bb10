<?php
/**
 * Plugin Name:       Portal Embed
 * Description:       Shows the association's members portal on a page, signed in as the WordPress user: the shortcode [portal] and the block "Mitgliederportal".
 * Version:           1.0.0
 * Requires at least: 6.1
 * Requires PHP:      8.0
 * Author:            Portal
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       portal-embed
 * Domain Path:       /languages
 *
 * @package PortalEmbed
 */

defined( 'ABSPATH' ) || exit;

define( 'PORTAL_EMBED_VERSION', '1.0.0' );
define( 'PORTAL_EMBED_DIR', __DIR__ );

require_once __DIR__ . '/includes/class-portal-embed-settings.php';
require_once __DIR__ . '/includes/class-portal-embed-member.php';
require_once __DIR__ . '/includes/class-portal-embed-client.php';
require_once __DIR__ . '/includes/class-portal-embed-renderer.php';

add_action( 'init', array( 'Portal_Embed_Renderer', 'register' ) );
add_action( 'init', 'portal_embed_load_textdomain' );
add_action( 'admin_init', array( 'Portal_Embed_Settings', 'register' ) );
add_action( 'admin_menu', array( 'Portal_Embed_Settings', 'add_page' ) );
add_filter( 'plugin_action_links_' . plugin_basename( __FILE__ ), array( 'Portal_Embed_Settings', 'action_links' ) );

/**
 * Loads the German and English texts from the plugin's languages folder.
 */
function portal_embed_load_textdomain() {
	load_plugin_textdomain( 'portal-embed', false, dirname( plugin_basename( __FILE__ ) ) . '/languages' );
}
