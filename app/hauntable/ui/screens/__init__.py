"""One module and one ``.kv`` file per screen; modules hold properties and refresh(), kv holds layout."""
