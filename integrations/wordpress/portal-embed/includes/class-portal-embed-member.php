<?php
/**
 * Who the WordPress user is in the portal: username, e-mail, company and the roles and groups mapped from
 * their WordPress roles, changeable through the filter `portal_embed_member`.
 *
 * @package PortalEmbed
 */

defined( 'ABSPATH' ) || exit;

/**
 * Builds the body of POST /external/generate/login for a WordPress user.
 */
class Portal_Embed_Member {

	/**
	 * The portal's roles, from the most to the least.
	 */
	const PORTAL_ROLES = array( 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_PARTNER' );

	/**
	 * The member for a user, or null when none of their roles gives access to the portal.
	 *
	 * @param WP_User $user     The signed-in user.
	 * @param array   $settings The plugin's settings (Portal_Embed_Settings::get()).
	 * @return array|null username, email, company, roles, groups.
	 */
	public static function of( WP_User $user, array $settings ) {
		$roles  = array();
		$groups = array();
		foreach ( (array) $user->roles as $wp_role ) {
			$portal_role = $settings['role_map'][ $wp_role ] ?? '';
			if ( in_array( $portal_role, self::PORTAL_ROLES, true ) ) {
				$roles[] = $portal_role;
			}
			$groups = array_merge( $groups, self::group_list( $settings['group_map'][ $wp_role ] ?? '' ) );
		}
		$member  = array(
			'username' => $user->user_login,
			'email'    => $user->user_email,
			'roles'    => array_values( array_unique( $roles ) ),
			'groups'   => array_values( array_unique( $groups ) ),
		);
		$company = '' === $settings['company_field'] ? '' : get_user_meta( $user->ID, $settings['company_field'], true );
		if ( is_string( $company ) && '' !== trim( $company ) ) {
			$member['company'] = trim( $company );
		}

		/**
		 * Filters who the WordPress user is in the portal before the login link is fetched.
		 *
		 * Return null to give the user no access; change `roles` (ROLE_ADMIN, ROLE_USER, ROLE_PARTNER) and
		 * `groups` (the portal's group names) to map them by other rules than the settings page's.
		 *
		 * @param array   $member username, email, roles, groups and, when the user field holds one, company.
		 * @param WP_User $user   The signed-in user.
		 */
		$member = apply_filters( 'portal_embed_member', $member, $user );
		if ( ! is_array( $member ) || empty( $member['roles'] ) ) {
			return null;
		}
		if ( empty( $member['email'] ) ) {
			unset( $member['email'] );
		}
		return $member;
	}

	/**
	 * The group names of a mapping field: separated by commas, blanks removed.
	 *
	 * @param string $text E.g. "Mitglieder, Geschäftsführung".
	 * @return string[]
	 */
	public static function group_list( $text ) {
		return array_values( array_filter( array_map( 'trim', explode( ',', (string) $text ) ), 'strlen' ) );
	}
}
