"""Debian's headless Chromium for the browser tests (the HTML export's and the server pages'): never skipped, since a
missing browser must not pass as a green run."""

from __future__ import annotations

import shutil
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", "--disable-sync")


def launch(profile: str) -> Any:
    """A headless Chromium with its own profile folder, its console log kept for the tests to read."""
    browser, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if not (browser and driver):
        pytest.fail("the browser tests need Debian's chromium and chromium-driver "
                    "(bash .ci/run installs them; or apt-get install chromium chromium-driver)")
    opts = webdriver.ChromeOptions()
    for flag in FLAGS:
        opts.add_argument(flag)
    opts.add_argument(f"--user-data-dir={profile}")
    opts.binary_location = browser
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(driver), options=opts)
