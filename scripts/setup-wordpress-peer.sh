#!/usr/bin/env bash
# The optional WordPress peer of `npm run bench` (bench/wordpress-peer.ts, decision 0091): Debian's
# `wordpress` package on nginx + php-fpm + MariaDB at http://127.0.0.1:18580 with 1,000 posts, so that
# `/wp-json/wp/v2/posts?per_page=10` can be measured next to the portal's blog list.
#
#   sudo scripts/setup-wordpress-peer.sh          installs (apt), configures, starts, seeds; safe to run again
#   sudo scripts/setup-wordpress-peer.sh stop     stops the peer's nginx and php-fpm (MariaDB keeps running)
#
# It writes only /etc/wordpress (site config, php-fpm pool), /etc/nginx/wordpress-peer.conf, the database
# `wordpress_peer` in MariaDB (/var/lib/mysql) and run files in /tmp/wordpress-peer; the Debian nginx and
# php-fpm services are left as they are (this nginx and php-fpm run from their own config files).
# WORDPRESS_PEER_PORT (default 18580) picks the port. CI never runs this: the peer stays optional.
set -euo pipefail

port="${WORDPRESS_PEER_PORT:-18580}"
run_dir=/tmp/wordpress-peer
site_config=/etc/wordpress/config-127.0.0.1.php
fpm_config=/etc/wordpress/peer-php-fpm.conf
nginx_config=/etc/nginx/wordpress-peer.conf
database=wordpress_peer
posts=1000

if [ "$(id -u)" -ne 0 ]; then
  echo "Run as root (sudo $0): it installs packages and starts nginx, php-fpm and MariaDB." >&2
  exit 1
fi

stop_pidfile() {
  local pidfile="$1" pid
  pid="$(cat "$pidfile" 2>/dev/null || true)"
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -f "$pidfile"
}

if [ "${1:-}" = stop ]; then
  stop_pidfile "$run_dir/nginx.pid"
  stop_pidfile "$run_dir/php-fpm.pid"
  echo "WordPress peer stopped (MariaDB left running)."
  exit 0
fi

echo '=== packages'
packages=(wordpress wordpress-theme-twentytwentythree nginx php-fpm php-mysql php-cli mariadb-server curl)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  # A policy-rc.d that answers 101 keeps the packages from starting Debian's services (nginx on port 80).
  policy_added=0
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    policy_added=1
  fi
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
  if [ "$policy_added" -eq 1 ]; then rm -f /usr/sbin/policy-rc.d; fi
fi
php_fpm="$(ls /usr/sbin/php-fpm* | sort -V | tail -n 1)"
mkdir -p "$run_dir"
chmod 755 "$run_dir"

echo '=== MariaDB'
if ! mariadb-admin ping --silent 2>/dev/null; then
  service mariadb start
fi
# The database password is made once and kept in the site config.
if [ -f "$site_config" ]; then
  password="$(sed -n "s/^define( *'DB_PASSWORD', *'\([^']*\)' *);/\1/p" "$site_config")"
else
  password="$(head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')"
fi
mariadb <<SQL
CREATE DATABASE IF NOT EXISTS $database CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS '$database'@'localhost' IDENTIFIED BY '$password';
ALTER USER '$database'@'localhost' IDENTIFIED BY '$password';
GRANT ALL PRIVILEGES ON $database.* TO '$database'@'localhost';
SQL

echo "=== WordPress site config $site_config"
if [ ! -f "$site_config" ]; then
  salt() { head -c 48 /dev/urandom | base64 | tr -dc 'A-Za-z0-9'; }
  cat >"$site_config" <<PHP
<?php
// Written by scripts/setup-wordpress-peer.sh: the WordPress peer of npm run bench, on 127.0.0.1.
define( 'DB_NAME', '$database' );
define( 'DB_USER', '$database' );
define( 'DB_PASSWORD', '$password' );
define( 'DB_HOST', 'localhost' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
define( 'AUTH_KEY', '$(salt)' );
define( 'SECURE_AUTH_KEY', '$(salt)' );
define( 'LOGGED_IN_KEY', '$(salt)' );
define( 'NONCE_KEY', '$(salt)' );
define( 'AUTH_SALT', '$(salt)' );
define( 'SECURE_AUTH_SALT', '$(salt)' );
define( 'LOGGED_IN_SALT', '$(salt)' );
define( 'NONCE_SALT', '$(salt)' );
\$table_prefix = 'wp_';
define( 'WP_HOME', 'http://127.0.0.1:' . (getenv('WORDPRESS_PEER_PORT') ?: '$port') );
define( 'WP_SITEURL', WP_HOME );
define( 'WP_DEBUG', false );
// As a site with a system cron runs: no cron work inside page requests. The bench machine has no
// internet, so no update checks or other outgoing requests either.
define( 'DISABLE_WP_CRON', true );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'WP_CONTENT_DIR', '/var/lib/wordpress/wp-content' );
PHP
  chmod 640 "$site_config"
  chgrp www-data "$site_config"
fi

echo "=== php-fpm pool $fpm_config"
# Two cores: four workers (two per core, so one waiting on MariaDB leaves a core busy), started up front.
cat >"$fpm_config" <<INI
; Written by scripts/setup-wordpress-peer.sh: php-fpm of the WordPress peer (opcache from Debian's php.ini).
[global]
pid = $run_dir/php-fpm.pid
error_log = $run_dir/php-fpm.log
daemonize = yes

[wordpress-peer]
user = www-data
group = www-data
listen = $run_dir/php-fpm.sock
listen.owner = www-data
listen.group = www-data
listen.mode = 0660
pm = static
pm.max_children = 4
env[WORDPRESS_PEER_PORT] = $port
INI

echo "=== nginx $nginx_config"
cat >"$nginx_config" <<NGINX
# Written by scripts/setup-wordpress-peer.sh: nginx of the WordPress peer, run with nginx -c this file.
user www-data;
worker_processes auto; # one per core: two on the bench machine
pid $run_dir/nginx.pid;
error_log $run_dir/nginx-error.log warn;

events {
  worker_connections 1024;
}

http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  keepalive_timeout 65;
  keepalive_requests 100000;
  client_body_temp_path $run_dir/body;
  fastcgi_temp_path $run_dir/fastcgi;
  proxy_temp_path $run_dir/proxy;
  uwsgi_temp_path $run_dir/uwsgi;
  scgi_temp_path $run_dir/scgi;

  server {
    listen 127.0.0.1:$port;
    server_name 127.0.0.1;
    root /usr/share/wordpress;
    index index.php;

    # Pretty permalinks: /wp-json/wp/v2/posts and every other address WordPress routes itself.
    location / {
      try_files \$uri \$uri/ /index.php?\$args;
    }

    location ~ ^/wp-content/(.*)$ {
      alias /var/lib/wordpress/wp-content/\$1;
    }

    location ~ \.php$ {
      try_files \$uri =404;
      include /etc/nginx/fastcgi.conf;
      fastcgi_pass unix:$run_dir/php-fpm.sock;
    }
  }
}
NGINX

echo '=== start php-fpm and nginx'
# Started afresh each run, so that a changed config counts.
stop_pidfile "$run_dir/nginx.pid"
stop_pidfile "$run_dir/php-fpm.pid"
"$php_fpm" --fpm-config "$fpm_config"
nginx -t -q -c "$nginx_config"
nginx -c "$nginx_config"

echo "=== WordPress install and $posts posts"
# WordPress's own install and insert functions, as the install form and the editor call them.
WORDPRESS_PEER_PORT="$port" WORDPRESS_PEER_POSTS="$posts" php -d memory_limit=512M <<'PHP'
<?php
$_SERVER['HTTP_HOST'] = '127.0.0.1:' . getenv('WORDPRESS_PEER_PORT');
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
define('WP_INSTALLING', true);
require '/usr/share/wordpress/wp-load.php';
// No mail about the new site: there is nobody to send it to.
function wp_new_blog_notification() {}
require_once ABSPATH . 'wp-admin/includes/upgrade.php';

if (!is_blog_installed()) {
    wp_install('Portal-Vergleich', 'admin', 'admin@example.invalid', false, '', wp_generate_password(24));
    echo "installed\n";
}
if (get_option('permalink_structure') !== '/%postname%/') {
    global $wp_rewrite;
    $wp_rewrite->set_permalink_structure('/%postname%/');
    flush_rewrite_rules(false);
}
if (get_option('template') === '' || !wp_get_theme()->exists()) {
    switch_theme('twentytwentythree');
}

// The posts of bench/blog-posts.ts: the same title, summary and body text, two tags each, 3.5 hours apart.
$count = (int) getenv('WORDPRESS_PEER_POSTS');
$tags = ['Technik', 'Normen', 'Veranstaltungen', 'Energie', 'Recht', 'Markt', 'Messe', 'Verband'];
$paragraph = str_repeat('<p>Der Verband informiert über aktuelle Entwicklungen im Flachglashandel. </p>', 8);
global $wpdb;
$existing = array_flip($wpdb->get_col(
    "SELECT post_title FROM {$wpdb->posts} WHERE post_type = 'post' AND post_status = 'publish'"
));
// Anything else published (the 'Hello world!' post of the install) goes, so that the list holds exactly ours.
foreach (get_posts(['post_type' => 'post', 'post_status' => 'any', 'numberposts' => -1, 'fields' => 'ids']) as $id) {
    if (!preg_match('/^Verbandsnachricht Nr\. \d+$/', get_the_title($id))) wp_delete_post($id, true);
}
wp_defer_term_counting(true);
$wpdb->query('START TRANSACTION');
$added = 0;
for ($n = 0; $n < $count; $n += 1) {
    $title = 'Verbandsnachricht Nr. ' . ($n + 1);
    if (isset($existing[$title])) continue;
    $date = time() - (int) (($n + 1) * 3.5 * 3600);
    $id = wp_insert_post([
        'post_type' => 'post',
        'post_status' => 'publish',
        'post_author' => 1,
        'post_title' => $title,
        'post_excerpt' => '<p>Kurz zusammengefasst: was diese Woche wichtig ist.</p>',
        'post_content' => $paragraph,
        'post_date' => wp_date('Y-m-d H:i:s', $date),
        'post_date_gmt' => gmdate('Y-m-d H:i:s', $date),
        'tags_input' => [$tags[$n % 8], $tags[($n * 3 + 1) % 8]],
    ], true);
    if (is_wp_error($id)) { fwrite(STDERR, $id->get_error_message() . "\n"); exit(1); }
    $added += 1;
}
$wpdb->query('COMMIT');
wp_defer_term_counting(false);
$total = (int) $wpdb->get_var(
    "SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_type = 'post' AND post_status = 'publish'"
);
echo "posts: $added added, $total published\n";
if ($total !== $count) { fwrite(STDERR, "expected $count published posts\n"); exit(1); }
PHP

echo '=== check'
url="http://127.0.0.1:$port/wp-json/wp/v2/posts?per_page=10"
total="$(curl -fsS -o /dev/null -D - "$url" | tr -d '\r' | sed -n 's/^[Xx]-[Ww][Pp]-[Tt]otal: //p')"
if [ "$total" != "$posts" ]; then
  echo "$url answers X-WP-Total '$total', expected $posts" >&2
  exit 1
fi
echo "WordPress peer ready: $url (X-WP-Total $total). Measure it with: node bench/wordpress-peer.ts"
