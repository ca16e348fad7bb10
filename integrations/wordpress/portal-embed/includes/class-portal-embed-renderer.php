<?php
/**
 * The shortcode [portal] and the block "Mitgliederportal": for a signed-in user a one-time login link fetched
 * server-side and the portal's embed tag; for a visitor WordPress's own login link.
 *
 * The texts members see are German, like the portal they stand in for, whatever the site's language; they
 * go through the text domain all the same, so a site can translate them with its own language files.
 *
 * @package PortalEmbed
 */

defined( 'ABSPATH' ) || exit;

/**
 * Renders the portal's place on a page.
 */
class Portal_Embed_Renderer {

	/**
	 * The query parameter of a deep link into the portal (?portal=/blog/12), read by embed.js as well.
	 */
	const DEEP_LINK_PARAM = 'portal';

	/**
	 * Frames on this page so far: each gets an element id of its own.
	 *
	 * @var int
	 */
	private static $count = 0;

	/**
	 * Registers the shortcode and the block.
	 */
	public static function register() {
		add_shortcode( 'portal', array( __CLASS__, 'shortcode' ) );
		register_block_type( PORTAL_EMBED_DIR . '/block' );
	}

	/**
	 * The shortcode [portal title="…"].
	 *
	 * @param array|string $atts The shortcode's attributes.
	 * @return string HTML.
	 */
	public static function shortcode( $atts ) {
		$atts = shortcode_atts( array( 'title' => '' ), $atts, 'portal' );
		return self::render( (string) $atts['title'] );
	}

	/**
	 * The portal for the signed-in user, or the way to sign in.
	 *
	 * @param string $title The frame's title (for screen readers); blank: "Mitgliederportal".
	 * @return string HTML.
	 */
	public static function render( $title = '' ) {
		// A page with a login link in it must never be served to someone else from a cache.
		if ( ! defined( 'DONOTCACHEPAGE' ) ) {
			define( 'DONOTCACHEPAGE', true );
		}
		if ( ! is_user_logged_in() ) {
			return self::login_prompt();
		}
		$settings = Portal_Embed_Settings::get();
		if ( '' === $settings['portal_url'] || '' === $settings['api_key'] ) {
			self::log( 'the portal address or the API key is not set (Settings → Portal)' );
			return self::notice( __( 'Das Mitgliederportal ist noch nicht eingerichtet. Bitte wenden Sie sich an die Betreiber der Website.', 'portal-embed' ) );
		}
		$member = Portal_Embed_Member::of( wp_get_current_user(), $settings );
		if ( null === $member ) {
			return self::notice( __( 'Ihr Benutzerkonto hat keinen Zugang zum Mitgliederportal.', 'portal-embed' ) );
		}
		$link = Portal_Embed_Client::login_link( $settings['portal_url'], $settings['api_key'], $member );
		if ( is_wp_error( $link ) ) {
			self::log( $link->get_error_message() . ' (user ' . $member['username'] . ')' );
			return self::notice(
				'portal_unreachable' === $link->get_error_code()
					? __( 'Das Mitgliederportal ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Minuten noch einmal.', 'portal-embed' )
					: __( 'Die Anmeldung am Mitgliederportal ist fehlgeschlagen. Bitte wenden Sie sich an die Betreiber der Website.', 'portal-embed' )
			);
		}
		return self::embed_tag( $link, '' === $title ? __( 'Mitgliederportal', 'portal-embed' ) : $title );
	}

	/**
	 * The deep link of the page's address when it is a path of the portal's app, else ''.
	 *
	 * @return string E.g. "/blog/12".
	 */
	public static function deep_link() {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a link into the portal, no form.
		$value = isset( $_GET[ self::DEEP_LINK_PARAM ] ) ? sanitize_text_field( wp_unslash( $_GET[ self::DEEP_LINK_PARAM ] ) ) : '';
		return self::is_app_path( $value ) ? $value : '';
	}

	/**
	 * A path of the portal's app: one leading slash, then letters, digits and - . _ ~ / % and a query, never a
	 * login route (a login link there would sign the next person in as someone else), never "//" or "..".
	 *
	 * @param string $path A candidate.
	 * @return bool
	 */
	public static function is_app_path( $path ) {
		return 1 === preg_match( '#^/[A-Za-z0-9\-._~/%]*(\?[A-Za-z0-9\-._~%=&+]*)?$#', $path )
			&& ! str_starts_with( $path, '//' )
			&& ! str_contains( $path, '..' )
			&& 1 !== preg_match( '#^/login(/|\?|$)#', $path );
	}

	/**
	 * The embed tag of a login link: the script from the link's origin (the portal's PUBLIC_URL), the link's
	 * path in data-path. embed.js adds the page's deep link itself.
	 *
	 * @param string $link  A link from Portal_Embed_Client::login_link().
	 * @param string $title The frame's title.
	 * @return string HTML.
	 */
	private static function embed_tag( $link, $title ) {
		$parts = wp_parse_url( $link );
		if ( ! is_array( $parts ) || ! in_array( $parts['scheme'] ?? '', array( 'http', 'https' ), true ) || empty( $parts['host'] ) ) {
			self::log( 'the portal answered a link that is no web address' );
			return self::notice( __( 'Die Anmeldung am Mitgliederportal ist fehlgeschlagen. Bitte wenden Sie sich an die Betreiber der Website.', 'portal-embed' ) );
		}
		$origin = $parts['scheme'] . '://' . $parts['host'] . ( isset( $parts['port'] ) ? ':' . $parts['port'] : '' );
		$path   = ( $parts['path'] ?? '/' ) . ( isset( $parts['query'] ) ? '?' . $parts['query'] : '' );
		++self::$count;
		$id = 'portal-embed-' . self::$count;
		return '<div id="' . esc_attr( $id ) . '" class="portal-embed"></div>'
			. wp_get_script_tag(
				array(
					'src'         => esc_url( $origin . '/embed.js' ),
					'data-target' => $id,
					'data-path'   => $path,
					'data-title'  => $title,
				)
			);
	}

	/**
	 * For visitors: WordPress's login, back to this page (with its deep link) afterwards.
	 *
	 * @return string HTML.
	 */
	private static function login_prompt() {
		$back      = get_permalink( get_queried_object_id() );
		$back      = $back ? $back : home_url( '/' );
		$deep_link = self::deep_link();
		if ( '' !== $deep_link ) {
			$back = add_query_arg( self::DEEP_LINK_PARAM, rawurlencode( $deep_link ), $back );
		}
		return '<p class="portal-embed-login">'
			. esc_html__( 'Bitte melden Sie sich an, um das Mitgliederportal zu sehen.', 'portal-embed' ) . ' '
			. '<a href="' . esc_url( wp_login_url( $back ) ) . '">' . esc_html__( 'Anmelden', 'portal-embed' ) . '</a></p>';
	}

	/**
	 * A message in the portal's place.
	 *
	 * @param string $message German text.
	 * @return string HTML.
	 */
	private static function notice( $message ) {
		return '<p class="portal-embed-error" role="alert">' . esc_html( $message ) . '</p>';
	}

	/**
	 * Tells the site's admin in the PHP error log; never the API key.
	 *
	 * @param string $message What failed.
	 */
	private static function log( $message ) {
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- the site admin's record of portal failures.
		error_log( 'Portal Embed: ' . $message );
	}
}
