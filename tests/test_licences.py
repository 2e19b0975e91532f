"""A licence file's own text is named by what it says: LICENSE and COPYING files carry a licence's words, rarely its name."""

import pytest

from filesage.files.licences import licence_named
from filesage.files.readers import read_document

BSD_OPENING = ("Copyright (c) 2031, Ada Lind\nAll rights reserved.\n\nRedistribution and use in source and binary forms, with or without\n"
               "modification, are permitted provided that the following conditions are met:\n\n"
               "* Redistributions of source code must retain the above copyright notice,\n  this list of conditions and the following disclaimer.\n"
               "* Redistributions in binary form must reproduce the above copyright notice,\n  this list of conditions and the following disclaimer in the\n"
               "  documentation and/or other materials provided with the distribution.\n")


@pytest.mark.parametrize("text, name", [
    (BSD_OPENING + "\nTHIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS \"AS IS\"\n", "bsd 2-clause license (simplified bsd)"),
    (BSD_OPENING + "* Neither the name of the copyright holder nor the names of its\n  contributors may be used to endorse or promote products\n",
     "bsd 3-clause license (new or revised bsd)"),
    ("Copyright 2031 Bo Ek\n\nPermission is hereby granted, free of charge, to any person obtaining a copy\nof this software and associated "
     "documentation files (the \"Software\"), to deal\nin the Software without restriction", "mit license"),
    ("Copyright (c) 2031 Bo Ek\n\nPermission to use, copy, modify, and/or distribute this software for any\npurpose with or without fee is "
     "hereby granted, provided that the above\ncopyright notice and this permission notice appear in all copies.\n", "isc license"),
    ("Copyright (C) 2031 by Bo Ek\n\nPermission to use, copy, modify, and/or distribute this software for any\npurpose with or without fee is "
     "hereby granted.\n\nTHE SOFTWARE IS PROVIDED \"AS IS\"", "bsd zero clause license (0bsd)"),
    ("                    GNU GENERAL PUBLIC LICENSE\n                       Version 2, June 1991\n\n Copyright (C) 1989, 1991 Free Software "
     "Foundation, Inc.\n ... either version 2 of the License, or\n (at your option) any later version.\n", "gnu general public license, version 2"),
    ("                   GNU LESSER GENERAL PUBLIC LICENSE\n                       Version 3, 29 June 2007\n", "gnu lesser general public license, version 3"),
    ("\n                                 APACHE LICENSE\n                           VERSION 2.0, January 2004\n", "apache license, version 2.0"),
    ("This is free and unencumbered software released into the public domain.\n\nAnyone is free to copy", "unlicense (public domain)"),
    ("This software is provided 'as-is', without any express or implied\nwarranty.\n\nPermission is granted to anyone to use this software for "
     "any purpose,\nincluding commercial applications, and to alter it", "zlib license"),
])
def test_a_licence_text_is_named(text, name):
    assert licence_named(text).lower() == f"the text of this file is the {name}."


def test_other_texts_name_no_licence(tmp_path):
    # A licence of its own words (no standard text), a notice that names one, a long manual that quotes one.
    assert licence_named("Permission is granted to anyone to use this software for any purpose on\nany computer system, "
                         "and to alter it and redistribute it freely, subject\nto the following restrictions:\n") == ""
    assert licence_named("Widget is released under the terms of the MIT licence; see LICENSE.\n") == ""
    assert licence_named("# Manual\n" + "A line of the manual.\n" * 3000 + BSD_OPENING) == ""
    # Read from a file, the licence's name comes first, where a search of what licence it is under finds it.
    (tmp_path / "COPYING").write_text(BSD_OPENING, encoding="utf-8")
    document = read_document(tmp_path / "COPYING", "")
    assert document.segments[0].text.lower() == "the text of this file is the bsd 2-clause license (simplified bsd)." and document.segments[0].location == "licence"
