<?php
/**
 * Showing the portal on a website without WordPress (PHP 8 with the curl extension, no framework): the
 * website's server fetches a one-time login link for the member who is signed in on the website, then prints
 * the embed tag. Call it for every page view: a link works once, within 5 minutes.
 *
 *   require __DIR__ . '/portal-login.php';
 *   echo portal_embed( 'https://portal.example.de', getenv( 'PORTAL_API_KEY' ), array(
 *       'username' => 'erika', 'email' => 'erika@example.de', 'company' => 'Glas AG',
 *       'roles'    => array( 'ROLE_USER' ), 'groups' => array( 'Mitglieder' ),
 *   ) );
 *
 * From the shell: PORTAL_URL=… PORTAL_API_KEY=… php portal-login.php erika erika@example.de "Glas AG"
 * Licence: GPL-2.0-or-later, like the WordPress plugin beside it; copy and adapt it freely.
 *
 * @package PortalExamples
 */

/**
 * Fetches a one-time login link (POST /external/generate/login with the API key); creates or updates the member.
 *
 * @param string $portal_url The portal's address, e.g. https://portal.example.de.
 * @param string $api_key    The portal's EXTERNAL_API_KEY.
 * @param array  $member     username, and optionally email, company, roles, groups.
 * @return string The link, e.g. https://portal.example.de/login?token=….
 * @throws RuntimeException When the portal cannot be reached or refuses; the message never holds the key.
 */
function portal_login_link( string $portal_url, string $api_key, array $member ): string {
	$curl = curl_init( rtrim( $portal_url, '/' ) . '/external/generate/login' );
	curl_setopt_array(
		$curl,
		array(
			CURLOPT_POST           => true,
			CURLOPT_POSTFIELDS     => json_encode( $member ),
			CURLOPT_HTTPHEADER     => array( 'Authorization: Bearer ' . $api_key, 'Content-Type: application/json' ),
			CURLOPT_RETURNTRANSFER => true,
			CURLOPT_TIMEOUT        => 10,
		)
	);
	$body   = curl_exec( $curl );
	$status = (int) curl_getinfo( $curl, CURLINFO_RESPONSE_CODE );
	$error  = curl_error( $curl );
	curl_close( $curl );
	if ( false === $body ) {
		throw new RuntimeException( 'portal not reachable: ' . $error );
	}
	$answer = json_decode( $body, true );
	if ( 200 !== $status || ! isset( $answer['link'] ) ) {
		$detail = is_array( $answer ) && isset( $answer['detail'] ) ? $answer['detail'] : 'no link';
		throw new RuntimeException( 'portal answered ' . $status . ': ' . $detail );
	}
	return $answer['link'];
}

/**
 * The embed tag for a login link: the frame shows the portal signed in. The script comes from the link's own
 * origin (the portal's PUBLIC_URL, which may differ from the address the server calls it by). A deep link in
 * the page's own address (?portal=/blog/12) is read by embed.js itself.
 *
 * @param string $link A link from portal_login_link().
 * @return string HTML.
 * @throws RuntimeException When the link is no web address.
 */
function portal_embed_tag( string $link ): string {
	$parts = parse_url( $link );
	if ( ! is_array( $parts ) || ! in_array( $parts['scheme'] ?? '', array( 'http', 'https' ), true ) || empty( $parts['host'] ) ) {
		throw new RuntimeException( 'the login link is no web address' );
	}
	$origin = $parts['scheme'] . '://' . $parts['host'] . ( isset( $parts['port'] ) ? ':' . $parts['port'] : '' );
	$path   = ( $parts['path'] ?? '/' ) . ( isset( $parts['query'] ) ? '?' . $parts['query'] : '' );
	return '<div id="portal"></div>' . "\n"
		. '<script src="' . htmlspecialchars( $origin . '/embed.js', ENT_QUOTES ) . '" data-target="portal" data-path="'
		. htmlspecialchars( $path, ENT_QUOTES ) . '"></script>' . "\n";
}

/**
 * Both steps: the embed tag for a member, signed in.
 *
 * @param string $portal_url The portal's address.
 * @param string $api_key    The portal's EXTERNAL_API_KEY.
 * @param array  $member     As for portal_login_link().
 * @return string HTML.
 */
function portal_embed( string $portal_url, string $api_key, array $member ): string {
	return portal_embed_tag( portal_login_link( $portal_url, $api_key, $member ) );
}

// Run from the shell: prints the embed tag for the member named in the arguments.
if ( PHP_SAPI === 'cli' && isset( $argv[0] ) && realpath( $argv[0] ) === __FILE__ ) {
	$portal_url = getenv( 'PORTAL_URL' );
	$api_key    = getenv( 'PORTAL_API_KEY' );
	if ( ! $portal_url || ! $api_key || ! isset( $argv[1] ) ) {
		fwrite( STDERR, "usage: PORTAL_URL=… PORTAL_API_KEY=… php portal-login.php <username> [email] [company]\n" );
		exit( 2 );
	}
	$member = array( 'username' => $argv[1] );
	if ( isset( $argv[2] ) ) {
		$member['email'] = $argv[2];
	}
	if ( isset( $argv[3] ) ) {
		$member['company'] = $argv[3];
	}
	try {
		echo portal_embed( $portal_url, $api_key, $member );
	} catch ( RuntimeException $e ) {
		fwrite( STDERR, $e->getMessage() . "\n" );
		exit( 1 );
	}
}
