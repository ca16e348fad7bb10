<?php
/**
 * The settings page (Settings → Portal): portal address, API key (never printed back), role and group mapping
 * and the user field that holds the company.
 *
 * @package PortalEmbed
 */

defined( 'ABSPATH' ) || exit;

/**
 * The option `portal_embed_settings` and its page.
 */
class Portal_Embed_Settings {

	const OPTION = 'portal_embed_settings';
	const PAGE   = 'portal-embed';

	const DEFAULTS = array(
		'portal_url'    => '',
		'api_key'       => '',
		'role_map'      => array(),
		'group_map'     => array(),
		'company_field' => '',
	);

	/**
	 * The stored settings with every key present.
	 *
	 * @return array
	 */
	public static function get() {
		$stored = get_option( self::OPTION, array() );
		return array_merge( self::DEFAULTS, is_array( $stored ) ? $stored : array() );
	}

	/**
	 * Registers the option with its sanitiser.
	 */
	public static function register() {
		register_setting(
			self::PAGE,
			self::OPTION,
			array(
				'type'              => 'array',
				'sanitize_callback' => array( __CLASS__, 'sanitize' ),
				'show_in_rest'      => false,
				'default'           => self::DEFAULTS,
			)
		);
	}

	/**
	 * Adds Settings → Portal.
	 */
	public static function add_page() {
		add_options_page(
			__( 'Members portal', 'portal-embed' ),
			__( 'Portal', 'portal-embed' ),
			'manage_options',
			self::PAGE,
			array( __CLASS__, 'render_page' )
		);
	}

	/**
	 * A "Settings" link beside the plugin on the plugins screen.
	 *
	 * @param string[] $links The plugin's links.
	 * @return string[]
	 */
	public static function action_links( $links ) {
		$url = admin_url( 'options-general.php?page=' . self::PAGE );
		array_unshift( $links, '<a href="' . esc_url( $url ) . '">' . esc_html__( 'Settings', 'portal-embed' ) . '</a>' );
		return $links;
	}

	/**
	 * Cleans what the form sent. A blank API key field keeps the stored key: the page never shows it.
	 *
	 * @param mixed $input The submitted option.
	 * @return array
	 */
	public static function sanitize( $input ) {
		$current = self::get();
		$input   = is_array( $input ) ? $input : array();
		$url     = esc_url_raw( trim( (string) ( $input['portal_url'] ?? '' ) ), array( 'http', 'https' ) );
		$key     = trim( (string) ( $input['api_key'] ?? '' ) );
		$clean   = array(
			'portal_url'    => untrailingslashit( $url ),
			'api_key'       => '' === $key ? $current['api_key'] : $key,
			'role_map'      => array(),
			'group_map'     => array(),
			'company_field' => sanitize_key( (string) ( $input['company_field'] ?? '' ) ),
		);
		if ( '' !== $key && strlen( $key ) < 16 ) {
			add_settings_error( self::OPTION, 'api_key', __( 'The API key has at least 16 characters; the stored key was kept.', 'portal-embed' ) );
			$clean['api_key'] = $current['api_key'];
		}
		foreach ( array_keys( wp_roles()->roles ) as $wp_role ) {
			$portal_role = (string) ( $input['role_map'][ $wp_role ] ?? '' );
			if ( in_array( $portal_role, Portal_Embed_Member::PORTAL_ROLES, true ) ) {
				$clean['role_map'][ $wp_role ] = $portal_role;
			}
			$groups = Portal_Embed_Member::group_list( sanitize_text_field( (string) ( $input['group_map'][ $wp_role ] ?? '' ) ) );
			if ( array() !== $groups ) {
				$clean['group_map'][ $wp_role ] = implode( ', ', $groups );
			}
		}
		return $clean;
	}

	/**
	 * The settings page.
	 */
	public static function render_page() {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		$settings = self::get();
		$name     = self::OPTION;
		$labels   = array(
			''             => __( 'No access', 'portal-embed' ),
			'ROLE_PARTNER' => __( 'Partner (ROLE_PARTNER)', 'portal-embed' ),
			'ROLE_USER'    => __( 'Member (ROLE_USER)', 'portal-embed' ),
			'ROLE_ADMIN'   => __( 'Administrator (ROLE_ADMIN)', 'portal-embed' ),
		);
		?>
		<div class="wrap">
			<h1><?php esc_html_e( 'Members portal', 'portal-embed' ); ?></h1>
			<p><?php esc_html_e( 'Put the shortcode [portal] or the block "Mitgliederportal" on a page. Signed-in users see the portal there, signed in with the roles and groups below; visitors see a link to the login.', 'portal-embed' ); ?></p>
			<form method="post" action="options.php">
				<?php settings_fields( self::PAGE ); ?>
				<table class="form-table" role="presentation">
					<tr>
						<th scope="row"><label for="portal-embed-url"><?php esc_html_e( 'Portal address', 'portal-embed' ); ?></label></th>
						<td>
							<input type="url" class="regular-text" id="portal-embed-url" name="<?php echo esc_attr( $name ); ?>[portal_url]" value="<?php echo esc_attr( $settings['portal_url'] ); ?>" placeholder="https://portal.example.de" />
							<p class="description"><?php esc_html_e( "The portal's PUBLIC_URL. Its HOST_ORIGIN must be this website's origin.", 'portal-embed' ); ?></p>
						</td>
					</tr>
					<tr>
						<th scope="row"><label for="portal-embed-key"><?php esc_html_e( 'API key', 'portal-embed' ); ?></label></th>
						<td>
							<input type="password" class="regular-text" id="portal-embed-key" name="<?php echo esc_attr( $name ); ?>[api_key]" value="" autocomplete="new-password" />
							<p class="description">
								<?php
								echo esc_html(
									'' === $settings['api_key']
										? __( "The portal's EXTERNAL_API_KEY. No key is stored yet.", 'portal-embed' )
										: __( 'A key is stored. Leave the field blank to keep it; it is never shown.', 'portal-embed' )
								);
								?>
							</p>
						</td>
					</tr>
					<tr>
						<th scope="row"><label for="portal-embed-company"><?php esc_html_e( 'Company field', 'portal-embed' ); ?></label></th>
						<td>
							<input type="text" class="regular-text" id="portal-embed-company" name="<?php echo esc_attr( $name ); ?>[company_field]" value="<?php echo esc_attr( $settings['company_field'] ); ?>" placeholder="billing_company" />
							<p class="description"><?php esc_html_e( "The user field (user meta key) that holds the member's company; blank: none is sent.", 'portal-embed' ); ?></p>
						</td>
					</tr>
				</table>
				<h2><?php esc_html_e( 'Roles and groups', 'portal-embed' ); ?></h2>
				<p><?php esc_html_e( 'For each WordPress role: the role in the portal and the portal groups (separated by commas). A user with several roles gets the highest role and all groups. Developers can change the result with the filter portal_embed_member.', 'portal-embed' ); ?></p>
				<table class="widefat striped">
					<thead>
						<tr>
							<th scope="col"><?php esc_html_e( 'WordPress role', 'portal-embed' ); ?></th>
							<th scope="col"><?php esc_html_e( 'Portal role', 'portal-embed' ); ?></th>
							<th scope="col"><?php esc_html_e( 'Portal groups', 'portal-embed' ); ?></th>
						</tr>
					</thead>
					<tbody>
					<?php foreach ( wp_roles()->get_names() as $wp_role => $role_name ) : ?>
						<tr>
							<td><?php echo esc_html( translate_user_role( $role_name ) ); ?></td>
							<td>
								<select name="<?php echo esc_attr( $name . '[role_map][' . $wp_role . ']' ); ?>" aria-label="<?php echo esc_attr( sprintf( /* translators: %s: a WordPress role */ __( 'Portal role for %s', 'portal-embed' ), translate_user_role( $role_name ) ) ); ?>">
									<?php foreach ( $labels as $value => $label ) : ?>
										<option value="<?php echo esc_attr( $value ); ?>" <?php selected( $settings['role_map'][ $wp_role ] ?? '', $value ); ?>><?php echo esc_html( $label ); ?></option>
									<?php endforeach; ?>
								</select>
							</td>
							<td>
								<input type="text" class="regular-text" name="<?php echo esc_attr( $name . '[group_map][' . $wp_role . ']' ); ?>" value="<?php echo esc_attr( $settings['group_map'][ $wp_role ] ?? '' ); ?>" aria-label="<?php echo esc_attr( sprintf( /* translators: %s: a WordPress role */ __( 'Portal groups for %s', 'portal-embed' ), translate_user_role( $role_name ) ) ); ?>" placeholder="Mitglieder" />
							</td>
						</tr>
					<?php endforeach; ?>
					</tbody>
				</table>
				<?php submit_button(); ?>
			</form>
		</div>
		<?php
	}
}
