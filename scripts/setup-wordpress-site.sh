#!/usr/bin/env bash
# The WordPress site of the plugin's end-to-end test (e2e/wordpress/, issue 38 point 1): Debian's `wordpress`
# package on nginx + php-fpm + MariaDB at http://127.0.0.1:18590 with the plugin installed from
# dist/portal-embed.zip through WordPress's own upload code (Plugin_Upgrader, as Plugins → Add New does),
# its settings, two users and two pages: `mitgliederportal` with [portal] and `portal-block` with the block.
#
#   scripts/setup-wordpress-site.sh        installs (apt), configures, starts, sets up; safe to run again
#   scripts/setup-wordpress-site.sh stop   stops its nginx and php-fpm, and MariaDB when this script started it
#
# Environment: WORDPRESS_SITE_PORT (18590), PORTAL_URL (the portal the plugin talks to), PORTAL_API_KEY (its
# EXTERNAL_API_KEY), WORDPRESS_USER_PASSWORD (the two users' password). Runs as root. It writes
# /etc/wordpress/config-portal-e2e.php (chosen by nginx through WORDPRESS_CONFIG, so it never meets the bench's
# peer on 127.0.0.1:18580), /etc/wordpress/portal-e2e-php-fpm.conf, /etc/nginx/wordpress-portal-e2e.conf, the
# database `wordpress_portal_e2e`, the plugin in /var/lib/wordpress/wp-content/plugins and run files (with
# php-error.log, where the plugin's error_log lines go) in /tmp/wordpress-portal-e2e.
set -euo pipefail

cd "$(dirname "$0")/.."
port="${WORDPRESS_SITE_PORT:-18590}"
run_dir=/tmp/wordpress-portal-e2e
config_name=portal-e2e
site_config="/etc/wordpress/config-${config_name}.php"
fpm_config=/etc/wordpress/portal-e2e-php-fpm.conf
nginx_config=/etc/nginx/wordpress-portal-e2e.conf
database=wordpress_portal_e2e
zip="$PWD/dist/portal-embed.zip"

if [ "$(id -u)" -ne 0 ]; then
  echo "Run as root: it installs packages and starts nginx, php-fpm and MariaDB." >&2
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
  # MariaDB is Debian's service: stopped only when this script started it, else left as it was found.
  if [ -f "$run_dir/mariadb-started" ]; then
    service mariadb stop >/dev/null
    rm -f "$run_dir/mariadb-started"
    echo "WordPress site and MariaDB stopped."
  else
    echo "WordPress site stopped (MariaDB was running before, left running)."
  fi
  exit 0
fi

: "${PORTAL_URL:?PORTAL_URL: the portal the plugin talks to}"
: "${PORTAL_API_KEY:?PORTAL_API_KEY: the EXTERNAL_API_KEY of the portal}"
: "${WORDPRESS_USER_PASSWORD:?WORDPRESS_USER_PASSWORD: the password of the two WordPress users}"
if [ ! -f "$zip" ]; then
  echo "$zip is missing: npm run build:wordpress" >&2
  exit 1
fi

packages=(wordpress wordpress-theme-twentytwentythree nginx php-fpm php-mysql php-cli php-curl mariadb-server curl)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "=== packages: ${missing[*]}"
  # A policy-rc.d that answers 101 keeps the packages from starting Debian's services (nginx on port 80).
  policy_added=0
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    policy_added=1
  fi
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
  if [ "$policy_added" -eq 1 ]; then rm -f /usr/sbin/policy-rc.d; fi
fi
php_fpm="$(ls /usr/sbin/php-fpm* | sort -V | tail -n 1)"
mkdir -p "$run_dir"
chmod 755 "$run_dir"
touch "$run_dir/php-error.log"
chown www-data:www-data "$run_dir/php-error.log"

if ! mariadb-admin ping --silent 2>/dev/null; then
  service mariadb start >/dev/null
  touch "$run_dir/mariadb-started"
fi
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

if [ ! -f "$site_config" ]; then
  salt() { head -c 48 /dev/urandom | base64 | tr -dc 'A-Za-z0-9'; }
  cat >"$site_config" <<PHP
<?php
// Written by scripts/setup-wordpress-site.sh: the WordPress site of the plugin's end-to-end test.
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
define( 'WP_HOME', 'http://127.0.0.1:' . ( getenv( 'WORDPRESS_SITE_PORT' ) ?: '$port' ) );
define( 'WP_SITEURL', WP_HOME );
define( 'WP_DEBUG', false );
// No internet here: no cron inside requests, no outgoing requests but to localhost (the portal).
define( 'DISABLE_WP_CRON', true );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'WP_CONTENT_DIR', '/var/lib/wordpress/wp-content' );
define( 'FS_METHOD', 'direct' );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
PHP
  chmod 640 "$site_config"
  chgrp www-data "$site_config"
fi

cat >"$fpm_config" <<INI
; Written by scripts/setup-wordpress-site.sh: php-fpm of the plugin's end-to-end site.
[global]
pid = $run_dir/php-fpm.pid
error_log = $run_dir/php-fpm.log
daemonize = yes

[wordpress-portal-e2e]
user = www-data
group = www-data
listen = $run_dir/php-fpm.sock
listen.owner = www-data
listen.group = www-data
listen.mode = 0660
pm = static
pm.max_children = 4
catch_workers_output = yes
php_admin_value[error_log] = $run_dir/php-error.log
php_admin_flag[log_errors] = on
env[WORDPRESS_SITE_PORT] = $port
INI

cat >"$nginx_config" <<NGINX
# Written by scripts/setup-wordpress-site.sh: nginx of the plugin's end-to-end site, run with nginx -c.
user www-data;
worker_processes 1;
pid $run_dir/nginx.pid;
error_log $run_dir/nginx-error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path $run_dir/body;
  fastcgi_temp_path $run_dir/fastcgi;
  proxy_temp_path $run_dir/proxy;
  uwsgi_temp_path $run_dir/uwsgi;
  scgi_temp_path $run_dir/scgi;
  server {
    listen 127.0.0.1:$port;
    root /usr/share/wordpress;
    index index.php;
    location / { try_files \$uri \$uri/ /index.php?\$args; }
    location ~ ^/wp-content/(.*)$ { alias /var/lib/wordpress/wp-content/\$1; }
    location ~ \.php$ {
      try_files \$uri =404;
      include /etc/nginx/fastcgi.conf;
      fastcgi_param WORDPRESS_CONFIG $config_name;
      fastcgi_pass unix:$run_dir/php-fpm.sock;
    }
  }
}
NGINX

stop_pidfile "$run_dir/nginx.pid"
stop_pidfile "$run_dir/php-fpm.pid"
"$php_fpm" --fpm-config "$fpm_config"
nginx -t -q -c "$nginx_config"
nginx -c "$nginx_config"

WORDPRESS_SITE_PORT="$port" PLUGIN_ZIP="$zip" php -d memory_limit=256M scripts/wordpress/setup-site.php

curl -fsS -o /dev/null "http://127.0.0.1:$port/mitgliederportal/"
echo "WordPress site ready: http://127.0.0.1:$port/mitgliederportal/ (plugin from $zip)"
