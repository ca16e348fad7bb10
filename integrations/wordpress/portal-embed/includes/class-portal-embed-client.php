<?php
/**
 * Fetches a one-time login link from the portal, server-side, with the API key.
 *
 * @package PortalEmbed
 */

defined( 'ABSPATH' ) || exit;

/**
 * POST /external/generate/login with `Authorization: Bearer <API key>`.
 */
class Portal_Embed_Client {

	/**
	 * A one-time login link (valid 5 minutes, once) for the member, or an error whose code says what failed:
	 * `portal_unreachable` (no answer), `portal_refused_key` (401: wrong API key), `portal_refused` (any other
	 * answer). The messages are for the site's log and never hold the key.
	 *
	 * @param string $portal_url The portal's address.
	 * @param string $api_key    The portal's EXTERNAL_API_KEY.
	 * @param array  $member     Portal_Embed_Member::of().
	 * @return string|WP_Error
	 */
	public static function login_link( $portal_url, $api_key, array $member ) {
		$response = wp_remote_post(
			untrailingslashit( $portal_url ) . '/external/generate/login',
			array(
				'timeout'     => 10,
				'redirection' => 0,
				'headers'     => array(
					'Authorization' => 'Bearer ' . $api_key,
					'Content-Type'  => 'application/json',
					'Accept'        => 'application/json',
				),
				'body'        => wp_json_encode( $member ),
			)
		);
		if ( is_wp_error( $response ) ) {
			return new WP_Error( 'portal_unreachable', 'portal not reachable: ' . $response->get_error_message() );
		}
		$status = (int) wp_remote_retrieve_response_code( $response );
		$answer = json_decode( wp_remote_retrieve_body( $response ), true );
		if ( 200 === $status && is_array( $answer ) && isset( $answer['link'] ) && is_string( $answer['link'] ) ) {
			return $answer['link'];
		}
		$detail = is_array( $answer ) && isset( $answer['detail'] ) ? (string) $answer['detail'] : 'no link in the answer';
		$code   = 401 === $status ? 'portal_refused_key' : 'portal_refused';
		return new WP_Error( $code, sprintf( 'portal answered %d: %s', $status, $detail ) );
	}
}
