<?php
/**
 * Called by scripts/setup-wordpress-site.sh: installs the site with WordPress's own functions, installs the
 * plugin from its zip as Plugins → Add New → Upload does (Plugin_Upgrader), activates it, writes its settings
 * and makes the test's users and pages. Safe to run again: the plugin is replaced, the rest updated.
 *
 * Environment: WORDPRESS_SITE_PORT, PLUGIN_ZIP, PORTAL_URL, PORTAL_API_KEY, WORDPRESS_USER_PASSWORD.
 *
 * @package PortalEmbed
 */

$_SERVER['WORDPRESS_CONFIG'] = 'portal-e2e';
$_SERVER['HTTP_HOST']        = '127.0.0.1:' . getenv( 'WORDPRESS_SITE_PORT' );
$_SERVER['REQUEST_URI']      = '/';
$_SERVER['SERVER_PROTOCOL']  = 'HTTP/1.1';
define( 'WP_INSTALLING', true );
require '/usr/share/wordpress/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

/**
 * No mail about the new site: there is nobody to send it to.
 */
function wp_new_blog_notification() {}
add_filter( 'send_password_change_email', '__return_false' );
add_filter( 'send_email_change_email', '__return_false' );

/**
 * Stops with a message.
 *
 * @param string $message What failed.
 */
function fail( $message ) {
	fwrite( STDERR, $message . "\n" );
	exit( 1 );
}

$password = getenv( 'WORDPRESS_USER_PASSWORD' );
if ( ! is_blog_installed() ) {
	wp_install( 'Glasverband', 'wpadmin', 'wpadmin@example.invalid', false, '', $password );
}
if ( get_option( 'permalink_structure' ) !== '/%postname%/' ) {
	global $wp_rewrite;
	$wp_rewrite->set_permalink_structure( '/%postname%/' );
	flush_rewrite_rules( false );
}
if ( get_option( 'template' ) !== 'twentytwentythree' ) {
	switch_theme( 'twentytwentythree' );
}

// The plugin, from the zip an admin would upload. The upgrader deletes the package it unpacked: give it a copy.
$package = wp_tempnam( 'portal-embed.zip' );
copy( getenv( 'PLUGIN_ZIP' ), $package );
$upgrader  = new Plugin_Upgrader( new Automatic_Upgrader_Skin() );
$installed = $upgrader->install( $package, array( 'overwrite_package' => true ) );
if ( true !== $installed ) {
	fail( 'the plugin zip was not installed: ' . ( is_wp_error( $installed ) ? $installed->get_error_message() : implode( ' ', $upgrader->skin->get_upgrade_messages() ) ) );
}
if ( 'portal-embed/portal-embed.php' !== $upgrader->plugin_info() ) {
	fail( 'the zip holds no portal-embed/portal-embed.php, but ' . var_export( $upgrader->plugin_info(), true ) );
}
$activated = activate_plugin( 'portal-embed/portal-embed.php' );
if ( is_wp_error( $activated ) ) {
	fail( 'the plugin did not activate: ' . $activated->get_error_message() );
}

update_option(
	'portal_embed_settings',
	array(
		'portal_url'    => getenv( 'PORTAL_URL' ),
		'api_key'       => getenv( 'PORTAL_API_KEY' ),
		'role_map'      => array(
			'administrator' => 'ROLE_ADMIN',
			'editor'        => 'ROLE_ADMIN',
			'subscriber'    => 'ROLE_USER',
		),
		'group_map'     => array(
			'editor'     => 'Mitglieder, Geschäftsführung',
			'subscriber' => 'Mitglieder',
		),
		'company_field' => 'company',
	)
);

// Two admins (one in German), two members with their own portal accounts, and a user without access.
$users = array(
	array( 'wpadmin', 'administrator', '' ),
	array( 'verwalterin-wp', 'administrator', '' ),
	array( 'erika-wp', 'editor', 'Glaserei Erika GmbH' ),
	array( 'paul-wp', 'subscriber', 'Fenster Paul KG' ),
	array( 'gast-wp', 'contributor', '' ),
);
foreach ( $users as list( $login, $role, $company ) ) {
	$existing = get_user_by( 'login', $login );
	$fields   = array(
		'user_login' => $login,
		'user_pass'  => $password,
		'user_email' => 'wpadmin' === $login ? 'wpadmin@example.invalid' : $login . '@example.de',
		'role'       => $role,
		// The second admin works in German: the settings page's translation (languages/*.mo).
		'locale'     => 'verwalterin-wp' === $login ? 'de_DE' : '',
	);
	$id       = $existing ? wp_update_user( array_merge( $fields, array( 'ID' => $existing->ID ) ) ) : wp_insert_user( $fields );
	if ( is_wp_error( $id ) ) {
		fail( $id->get_error_message() );
	}
	update_user_meta( $id, 'company', $company );
}

$pages = array(
	'mitgliederportal' => array( 'Mitgliederportal', '<!-- wp:shortcode -->[portal]<!-- /wp:shortcode -->' ),
	'portal-block'     => array( 'Portal als Block', '<!-- wp:portal-embed/portal /-->' ),
);
foreach ( $pages as $slug => list( $title, $content ) ) {
	$page = get_page_by_path( $slug );
	$id   = wp_insert_post(
		array(
			'ID'           => $page ? $page->ID : 0,
			'post_type'    => 'page',
			'post_status'  => 'publish',
			'post_name'    => $slug,
			'post_title'   => $title,
			'post_content' => $content,
			'post_author'  => 1,
		),
		true
	);
	if ( is_wp_error( $id ) ) {
		fail( $id->get_error_message() );
	}
}
echo "site ready\n";
