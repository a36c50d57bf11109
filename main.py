"""The tablet app's entry point, as python-for-android runs it (buildozer.spec's source.dir)."""

from mobile.app import main

if __name__ == "__main__":
    main()
